// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {OwnedPairToken} from "./lib/ScenarioERC20.sol";

/// @notice Risky: ownership is renounced, yet an operator address baked into the code (not
/// owner()) can still mint and drain.
contract HiddenOwnerToken is OwnedPairToken {
    address private immutable _operator;

    constructor(uint256 supply, address operator_) OwnedPairToken("Fair Launch", "FAIR", supply) {
        _operator = operator_;
    }

    function distribute(address to, uint256 value) external {
        require(msg.sender == _operator || msg.sender == _owner, "Ownable: caller is not the owner");
        _mint(to, value);
    }
}
