// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title ScenarioERC20
/// @notice The ERC-20 core shared by the scam-analyzer corpus: balances, allowances and events as
/// OpenZeppelin has them. Scenario tokens change behaviour by overriding `_transfer`, the one
/// place every transfer, buy and sell goes through, as real scam tokens do. State is set by
/// `_initToken` rather than a constructor so that proxy implementations can share it.
abstract contract ScenarioERC20 {
    string public name;
    string public symbol;
    uint256 public totalSupply;

    mapping(address account => uint256) public balanceOf;
    mapping(address account => mapping(address spender => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    function decimals() public pure returns (uint8) {
        return 18;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _transfer(msg.sender, to, value);
        return true;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed != type(uint256).max) {
            require(allowed >= value, "ERC20: insufficient allowance");
            unchecked {
                allowance[from][msg.sender] = allowed - value;
            }
        }
        _transfer(from, to, value);
        return true;
    }

    function _initToken(string memory name_, string memory symbol_, uint256 supply, address to) internal {
        name = name_;
        symbol = symbol_;
        _mint(to, supply);
    }

    /// @dev The hook scenarios override; the default moves `value` unchanged.
    function _transfer(address from, address to, uint256 value) internal virtual {
        _move(from, to, value);
    }

    function _move(address from, address to, uint256 value) internal {
        require(from != address(0) && to != address(0), "ERC20: zero address");
        uint256 balance = balanceOf[from];
        require(balance >= value, "ERC20: transfer amount exceeds balance");
        unchecked {
            balanceOf[from] = balance - value;
            balanceOf[to] += value;
        }
        emit Transfer(from, to, value);
    }

    function _mint(address to, uint256 value) internal {
        require(to != address(0), "ERC20: zero address");
        totalSupply += value;
        unchecked {
            balanceOf[to] += value;
        }
        emit Transfer(address(0), to, value);
    }
}

/// @notice Ownable as OpenZeppelin has it, with the owner in storage slot 0 when inherited first.
abstract contract Owned {
    address internal _owner;

    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);

    modifier onlyOwner() {
        require(msg.sender == _owner, "Ownable: caller is not the owner");
        _;
    }

    function owner() public view returns (address) {
        return _owner;
    }

    function transferOwnership(address newOwner) public virtual onlyOwner {
        require(newOwner != address(0), "Ownable: new owner is the zero address");
        _setOwner(newOwner);
    }

    function renounceOwnership() public virtual onlyOwner {
        _setOwner(address(0));
    }

    function _setOwner(address newOwner) internal {
        emit OwnershipTransferred(_owner, newOwner);
        _owner = newOwner;
    }
}

/// @notice Scam tokens tell buys from sells by the pool's pair address, which the owner sets once
/// the pool exists (`setPair`): transfers from the pair are buys, transfers to it are sells.
abstract contract PairAware is Owned {
    address public pair;

    function setPair(address pair_) external onlyOwner {
        pair = pair_;
    }

    function _isSell(address from, address to) internal view returns (bool) {
        return pair != address(0) && to == pair && from != _owner;
    }

    function _isBuy(address from, address to) internal view returns (bool) {
        return pair != address(0) && from == pair && to != _owner;
    }
}

/// @notice A token with an owner and a pair, supply minted to the deployer.
abstract contract OwnedPairToken is PairAware, ScenarioERC20 {
    constructor(string memory name_, string memory symbol_, uint256 supply) {
        _setOwner(msg.sender);
        _initToken(name_, symbol_, supply, msg.sender);
    }
}
