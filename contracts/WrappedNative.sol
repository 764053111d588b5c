// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title WrappedNative
/// @notice The wrapped native coin of a devnet chain (WETH, WBNB, WMATIC, WAVAX): WETH9's interface
/// and behaviour, written for a current compiler and with the name and symbol set at deployment,
/// so each chain's wrapped coin carries its own symbol where the npm WETH9 artifact says "WETH"
/// everywhere. Sending the coin (or `deposit`) mints the same amount; `withdraw` burns it and pays
/// the coin back. The supply is always exactly the coin this contract holds. As in WETH9,
/// `transferFrom` by the owner itself needs no allowance and an infinite allowance never shrinks.
contract WrappedNative {
    string public name;
    string public symbol;
    uint8 public constant decimals = 18;

    mapping(address account => uint256) public balanceOf;
    mapping(address account => mapping(address spender => uint256)) public allowance;

    event Approval(address indexed src, address indexed guy, uint256 wad);
    event Transfer(address indexed src, address indexed dst, uint256 wad);
    event Deposit(address indexed dst, uint256 wad);
    event Withdrawal(address indexed src, uint256 wad);

    error InsufficientBalance(address src, uint256 balance, uint256 needed);
    error InsufficientAllowance(address spender, uint256 allowance, uint256 needed);
    error PaymentFailed(address to, uint256 wad);

    constructor(string memory name_, string memory symbol_) {
        name = name_;
        symbol = symbol_;
    }

    receive() external payable {
        deposit();
    }

    function deposit() public payable {
        balanceOf[msg.sender] += msg.value;
        emit Deposit(msg.sender, msg.value);
    }

    function withdraw(uint256 wad) external {
        uint256 balance = balanceOf[msg.sender];
        if (balance < wad) revert InsufficientBalance(msg.sender, balance, wad);
        unchecked {
            balanceOf[msg.sender] = balance - wad;
        }
        emit Withdrawal(msg.sender, wad);
        (bool ok, ) = msg.sender.call{value: wad}("");
        if (!ok) revert PaymentFailed(msg.sender, wad);
    }

    function totalSupply() external view returns (uint256) {
        return address(this).balance;
    }

    function approve(address guy, uint256 wad) external returns (bool) {
        allowance[msg.sender][guy] = wad;
        emit Approval(msg.sender, guy, wad);
        return true;
    }

    function transfer(address dst, uint256 wad) external returns (bool) {
        return transferFrom(msg.sender, dst, wad);
    }

    function transferFrom(address src, address dst, uint256 wad) public returns (bool) {
        uint256 balance = balanceOf[src];
        if (balance < wad) revert InsufficientBalance(src, balance, wad);
        if (src != msg.sender) {
            uint256 allowed = allowance[src][msg.sender];
            if (allowed != type(uint256).max) {
                if (allowed < wad) revert InsufficientAllowance(msg.sender, allowed, wad);
                unchecked {
                    allowance[src][msg.sender] = allowed - wad;
                }
            }
        }
        unchecked {
            balanceOf[src] = balance - wad;
            // Cannot overflow: all balances together are the coin this contract holds.
            balanceOf[dst] += wad;
        }
        emit Transfer(src, dst, wad);
        return true;
    }
}
